import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';
import { useNodeDetail } from '../nodes/nodes-api';
import { CommentsTab } from './comments/comments-tab';
import { ImagesTab } from './images/images-tab';
import { MetadataTab } from './metadata/metadata-tab';
import { useComments, useImages, useMetadata } from './node-details-api';
import { NodeDetailsHeader } from './node-details-header';
import { useLocalPreference } from './use-local-preference';

/**
 * The node details panel (header with name, type, created date, Edit and Delete; tabs Comments,
 * Images, Metadata). Shown in the hub's split view and on every node screen.
 */
export interface NodeDetailsPanelProps {
  nodeId: string;
  /** Close the panel (the split collapses). */
  onClose?: () => void;
  /** Called after the node was deleted from the panel (e.g. to leave its page). */
  onDeleted?: (nodeId: string) => void;
  /** A first tab, "Overview", with the node type's own summary (a building's location map). */
  overview?: ReactNode;
}

const TABS = ['comments', 'images', 'metadata'] as const;
type DetailsTab = (typeof TABS)[number] | 'overview';
const TAB_LABELS: Record<DetailsTab, string> = {
  overview: 'Overview',
  comments: 'Comments',
  images: 'Images',
  metadata: 'Metadata',
};
/** The last tab used is remembered, so that going through nodes keeps showing the same kind of detail. */
const TAB_PREFERENCE_KEY = 'gprhub-node-details-tab';

function TabLabel({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.6, whiteSpace: 'nowrap' }}
    >
      {label}
      {count !== undefined && count > 0 && (
        <Box
          component="span"
          className="tab-count"
          sx={{
            minWidth: 18,
            px: 0.5,
            borderRadius: '9px',
            fontSize: 11,
            lineHeight: '17px',
            fontWeight: 600,
            bgcolor: 'action.selected',
            color: 'text.secondary',
          }}
        >
          {count}
        </Box>
      )}
    </Box>
  );
}

/** Node details: header, then the Comments, Images and Metadata tabs. Fills its container's height. */
export function NodeDetailsPanel({ nodeId, onClose, onDeleted, overview }: NodeDetailsPanelProps) {
  const detail = useNodeDetail(nodeId);
  const [storedTab, setStoredTab] = useLocalPreference<DetailsTab>(TAB_PREFERENCE_KEY, 'comments');
  // The overview is the panel's own first tab: chosen there, it is not remembered for other nodes.
  const [overviewTab, setOverviewTab] = useState(overview !== undefined);
  const tabs: readonly DetailsTab[] = overview === undefined ? TABS : ['overview', ...TABS];
  const tab: DetailsTab = overviewTab && overview !== undefined ? 'overview' : (TABS as readonly string[]).includes(storedTab) ? storedTab : 'comments';
  const setTab = (next: DetailsTab) => {
    setOverviewTab(next === 'overview');
    if (next !== 'overview') setStoredTab(next);
  };
  // The counts in the tab labels (the lists are shared with the tabs through the query cache).
  const counts: Record<DetailsTab, number | undefined> = {
    overview: undefined,
    comments: useComments(nodeId).data?.comments.length,
    images: useImages(nodeId).data?.images.length,
    metadata: useMetadata(nodeId).data?.metadata.length,
  };

  return (
    <Box
      data-testid="node-details-panel"
      data-node-id={nodeId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        minWidth: 0,
        bgcolor: 'background.paper',
        containerType: 'inline-size',
        // Very narrow panels: the tab labels keep their words, the counts give way.
        '@container (max-width: 330px)': { '& .tab-count': { display: 'none' } },
      }}
    >
      {detail.isPending && (
        <Box sx={{ px: 2.5, pt: 2.5 }} data-testid="node-details-loading">
          <Skeleton variant="rounded" width={90} height={24} />
          <Skeleton width="70%" height={36} sx={{ mt: 1 }} />
          <Skeleton width="50%" />
        </Box>
      )}
      {detail.isError && (
        <Box sx={{ p: 2.5 }}>
          <Alert
            severity={detail.error.httpStatus === 404 ? 'info' : 'error'}
            data-testid="node-details-error"
            action={
              onClose && (
                <Button color="inherit" size="small" startIcon={<CloseRoundedIcon />} onClick={onClose}>
                  Close
                </Button>
              )
            }
          >
            {detail.error.httpStatus === 404
              ? 'This node does not exist any more, or it was deleted.'
              : `The node could not be loaded: ${detail.error.message}`}
          </Alert>
        </Box>
      )}
      {detail.data && (
        <>
          <NodeDetailsHeader detail={detail.data} onClose={onClose} onDeleted={onDeleted} />
          <Tabs
            value={tab}
            onChange={(_event, value: DetailsTab) => setTab(value)}
            variant="fullWidth"
            aria-label="Node details"
            sx={{ px: 1, minHeight: 44, borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
          >
            {tabs.map((value) => (
              <Tab
                key={value}
                value={value}
                label={<TabLabel label={TAB_LABELS[value]} count={counts[value]} />}
                id={`node-details-tab-${value}`}
                aria-controls={`node-details-tabpanel-${value}`}
                data-testid={`node-details-tab-${value}`}
                sx={{ minHeight: 44, minWidth: 0, px: 0.5, fontSize: 14 }}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`node-details-tabpanel-${tab}`}
            aria-labelledby={`node-details-tab-${tab}`}
            sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 2.5, py: 2 }}
          >
            {tab === 'overview' && overview}
            {tab === 'comments' && <CommentsTab key={nodeId} nodeId={nodeId} />}
            {tab === 'images' && <ImagesTab key={nodeId} nodeId={nodeId} />}
            {tab === 'metadata' && <MetadataTab key={nodeId} nodeId={nodeId} />}
          </Box>
        </>
      )}
    </Box>
  );
}
