import type React from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { orgQueryKey, useApiQuery } from '../../api/use-api-query';
import { useOrganizationSlug } from '../../api/organization-scope';
import { downloadExport, fetchLatestReport, startReport } from './reports-api';

/** An export of the page's subject: a label and the API path that answers the file. */
export interface ExportItem {
  label: string;
  path: string;
  fileName: string;
  testId: string;
}

/** Another action of the menu (e.g. the area scan's point cloud), and a chip beside the button saying how it goes. */
export interface ExportAction {
  label: string;
  testId: string;
  disabled?: boolean;
  onClick: () => Promise<unknown> | void;
}

const isActive = (status: string | undefined) => status === 'PENDING' || status === 'RUNNING';

/**
 * The page's Export menu (issue #21): the subject's CSV/DXF exports, "Generate report" (a job; its progress
 * shows beside the button) and, once a report is done, "Download report".
 */
export function ExportMenu({ nodeId, exports, actions = [], status }: { nodeId: string; exports: ExportItem[]; actions?: ExportAction[]; status?: React.ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const organization = useOrganizationSlug();
  const queryClient = useQueryClient();
  const key = ['latest-report', nodeId] as const;
  const latest = useApiQuery(key, (request) => fetchLatestReport(nodeId, request), {
    refetchInterval: (query) => (isActive(query.state.data?.report?.status) ? 1000 : false),
  });
  const report = latest.data?.report ?? null;
  const close = () => setAnchor(null);

  const run = async (action: () => Promise<unknown>) => {
    close();
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {report && (
        <Chip
          size="small"
          data-testid="report-status"
          data-status={report.status}
          color={report.status === 'FAILED' ? 'error' : report.status === 'FINISHED' ? 'success' : 'default'}
          label={
            report.status === 'FINISHED'
              ? 'Report ready'
              : report.status === 'FAILED'
                ? `Report failed: ${report.message ?? ''}`
                : `Report ${Math.round(report.progress * 100)} %`
          }
        />
      )}
      {status}
      {error && <Chip size="small" color="error" label={error} data-testid="export-error" />}
      <Button variant="outlined" size="small" onClick={(e) => setAnchor(e.currentTarget)} data-testid="export-menu-button">
        Export
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {exports.map((item) => (
          <MenuItem key={item.path} data-testid={item.testId} onClick={() => void run(() => downloadExport(item.path, item.fileName))}>
            {item.label}
          </MenuItem>
        ))}
        {actions.map((action) => (
          <MenuItem key={action.testId} data-testid={action.testId} disabled={action.disabled} onClick={() => void run(async () => action.onClick())}>
            {action.label}
          </MenuItem>
        ))}
        <MenuItem
          data-testid="generate-report"
          disabled={isActive(report?.status)}
          onClick={() =>
            void run(async () => {
              await startReport(nodeId);
              await queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, ...key) });
            })
          }
        >
          {report ? 'Generate report again' : 'Generate report'}
        </MenuItem>
        {report?.status === 'FINISHED' && report.url && (
          <MenuItem component="a" href={report.url} download data-testid="download-report" onClick={close}>
            Download report (PDF)
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
