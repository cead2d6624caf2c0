import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FileMapEntry } from '@gprhub/contract';
import { useMemo } from 'react';
import { formatBytes } from './format-bytes';
import type { FileTreeRow } from './file-map-tree';
import { buildFileTree, isSelectable } from './file-map-tree';

const KIND_LABELS: Record<FileMapEntry['kind'], string> = {
  'segy-line': 'SEG-Y line',
  scan: 'Scan file',
  'area-csv': 'Area scan CSV',
  'metadata-csv': 'Line CSV',
  sidecar: 'Sidecar',
  directory: 'Folder',
  skipped: 'Ignored',
  unknown: 'Not a scan file',
  error: 'Cannot be read',
};

export interface FileMapReviewProps {
  fileMap: FileMapEntry[];
  skipped: ReadonlySet<string>;
  onChange: (paths: string[], isIncluded: boolean) => void;
  isDisabled?: boolean;
}

function FileRow({ row, props }: { row: Extract<FileTreeRow, { kind: 'file' }>; props: FileMapReviewProps }) {
  const { entry } = row;
  const selectable = isSelectable(entry);
  const included = selectable && !props.skipped.has(entry.path);
  const muted = !included;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', pl: row.depth * 2.5, minHeight: 36 }}
      data-testid="file-map-row"
      data-path={entry.path}
      data-kind={entry.kind}
    >
      <Checkbox
        size="small"
        checked={included}
        disabled={!selectable || props.isDisabled}
        onChange={(event) => props.onChange([entry.path], event.target.checked)}
        slotProps={{ input: { 'aria-label': `Import ${entry.path}` } }}
      />
      <InsertDriveFileOutlinedIcon fontSize="small" sx={{ color: 'text.secondary', mr: 1 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          noWrap
          sx={{ color: muted ? 'text.secondary' : 'text.primary' }}
          title={entry.path}
        >
          {row.name}
        </Typography>
        {entry.reason && (
          <Typography
            variant="caption"
            sx={{ color: entry.kind === 'error' ? 'error.main' : 'text.secondary', display: 'block' }}
          >
            {entry.reason}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', mx: 1.5, whiteSpace: 'nowrap' }}>
        {formatBytes(entry.sizeBytes)}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        label={entry.format && entry.kind === 'scan' ? entry.format.toUpperCase() : KIND_LABELS[entry.kind]}
        color={entry.kind === 'error' ? 'error' : selectable ? 'primary' : 'default'}
        sx={{ minWidth: 96 }}
      />
    </Stack>
  );
}

/**
 * The zip's file map as a tree with a checkbox per file and per folder: unchecked paths are sent as
 * `pathsToSkip`. Files the import ignores anyway (not scan files, OS junk) are shown without a choice.
 */
export function FileMapReview(props: FileMapReviewProps) {
  const rows = useMemo(() => buildFileTree(props.fileMap), [props.fileMap]);
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        maxHeight: 320,
        overflow: 'auto',
        py: 0.5,
        pr: 1.5,
      }}
      data-testid="file-map-review"
    >
      {rows.map((row) => {
        if (row.kind === 'file') return <FileRow key={row.entry.path} row={row} props={props} />;
        const paths = row.selectablePaths;
        const includedCount = paths.filter((p) => !props.skipped.has(p)).length;
        return (
          <Stack
            key={row.path}
            direction="row"
            sx={{ alignItems: 'center', pl: row.depth * 2.5, minHeight: 36 }}
            data-testid="file-map-folder"
            data-path={row.path}
          >
            <Tooltip
              title={paths.length ? 'Include or skip everything in this folder' : 'Nothing to import here'}
            >
              <span>
                <Checkbox
                  size="small"
                  checked={paths.length > 0 && includedCount === paths.length}
                  indeterminate={includedCount > 0 && includedCount < paths.length}
                  disabled={paths.length === 0 || props.isDisabled}
                  onChange={(event) => props.onChange(paths, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `Import folder ${row.path}` } }}
                />
              </span>
            </Tooltip>
            <FolderOutlinedIcon fontSize="small" sx={{ color: 'text.secondary', mr: 1 }} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {row.name}
            </Typography>
          </Stack>
        );
      })}
    </Box>
  );
}
