import type { Node } from '@gprhub/contract';
import { useCallback } from 'react';
import { useOrgNavigate, useOrgParam } from '../../components/org-link';
import { withOrg } from '../../lib/with-org';
import { getNodeTarget } from './node-routes';

/** Whether a click landed on something with its own behaviour (a link, button or checkbox). */
export function isInteractiveClick(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest('a, button, input, label, [role="checkbox"]'));
}

/**
 * Open a node as a row click does: folders in this tab, other nodes in a new tab (the spec's
 * default), and in a new tab anyway when the user holds ctrl or ⌘.
 */
export function useOpenNode() {
  const navigate = useOrgNavigate();
  const org = useOrgParam();
  return useCallback(
    (node: Pick<Node, 'nodeId' | 'type' | 'parentId'>, options: { isNewTab?: boolean } = {}) => {
      const target = getNodeTarget(node);
      if (target.isNewTab || options.isNewTab) window.open(withOrg(target.href, org), '_blank', 'noopener');
      else navigate(target.href);
    },
    [navigate, org],
  );
}
