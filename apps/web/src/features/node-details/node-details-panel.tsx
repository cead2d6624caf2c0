/**
 * The node details panel (header with name, type, created date, Edit and Delete; tabs Comments,
 * Images, Metadata). Shown in the hub's split view and on every node screen.
 * TODO(#3): being built; this placeholder keeps the hub screen compiling meanwhile.
 */
export interface NodeDetailsPanelProps {
  nodeId: string;
  /** Close the panel (the split collapses). */
  onClose?: () => void;
  /** Called after the node was deleted from the panel (e.g. to leave its page). */
  onDeleted?: (nodeId: string) => void;
}

export function NodeDetailsPanel({ nodeId }: NodeDetailsPanelProps) {
  return <div data-testid="node-details-panel" data-node-id={nodeId} />;
}
