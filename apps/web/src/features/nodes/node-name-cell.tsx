import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Node } from '@gprhub/contract';
import type { MouseEvent } from 'react';
import { OrgLink } from '../../components/org-link';
import { getNodeTarget } from './node-routes';
import { NodeTypeIcon } from './node-type-icon';

export interface NodeNameCellProps {
  node: Pick<Node, 'nodeId' | 'name' | 'type' | 'parentId'>;
  /** false: plain text (e.g. deleted nodes, which cannot be opened). */
  isLink?: boolean;
  /** Called on a plain left click that stays in this tab (e.g. to seed the next page's data). */
  onNavigate?: () => void;
  secondary?: string;
}

/**
 * A node's icon and name. The name is a real link, so middle-click, ctrl-click and "copy link"
 * work; nodes that open in a new tab by default say so with a small icon.
 */
export function NodeNameCell({ node, isLink = true, onNavigate, secondary }: NodeNameCellProps) {
  const target = getNodeTarget(node);
  const onClick = (event: MouseEvent) => {
    if (event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !target.isNewTab)
      onNavigate?.();
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0, height: '100%' }}>
      <NodeTypeIcon type={node.type} sx={{ fontSize: 22 }} />
      <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
        {isLink ? (
          <Link
            component={OrgLink}
            to={target.href}
            target={target.isNewTab ? '_blank' : undefined}
            rel={target.isNewTab ? 'noopener' : undefined}
            onClick={onClick}
            underline="hover"
            color="inherit"
            noWrap
            title={target.isNewTab ? `${node.name} (opens in a new tab)` : node.name}
            data-testid="node-name-link"
            sx={{ fontWeight: 500, fontSize: 14, display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {node.name}
            </Box>
            {target.isNewTab && (
              <OpenInNewRoundedIcon
                aria-hidden
                sx={{ fontSize: 13, color: 'text.disabled', flexShrink: 0 }}
              />
            )}
          </Link>
        ) : (
          <Typography noWrap sx={{ fontWeight: 500, fontSize: 14 }} title={node.name}>
            {node.name}
          </Typography>
        )}
        {secondary && (
          <Typography noWrap variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
            {secondary}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
