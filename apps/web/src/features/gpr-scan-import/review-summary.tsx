import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ZipFileMapResponse } from '@gprhub/contract';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the import will create from the reviewed zip, given the paths the user skips. */
export function ReviewSummary({
  review,
  skipped,
}: {
  review: ZipFileMapResponse;
  skipped: ReadonlySet<string>;
}) {
  const lines = review.gprScans.filter((scan) => !skipped.has(scan.path));
  const areas = review.areaScans
    .map((area, index) => ({ area, lineCount: lines.filter((l) => l.areaScanIndex === index).length }))
    .filter(({ area, lineCount }) => lineCount > 0 && !skipped.has(area.csvPath));
  const kept = new Set(areas.map(({ area }) => area));
  const single = lines.filter(
    (l) => l.areaScanIndex === null || !kept.has(review.areaScans[l.areaScanIndex]!),
  );
  const errors = review.fileMap.filter((f) => f.kind === 'error');
  return (
    <Stack spacing={1} data-testid="review-summary">
      <Typography variant="body2">
        <strong>{review.fileName}</strong>: {plural(lines.length, 'GPR scan')} will be created
        {areas.length > 0 && <>, in {plural(areas.length, 'area scan')}</>}
        {single.length > 0 && areas.length > 0 && <> and {plural(single.length, 'separate line scan')}</>}.
      </Typography>
      {areas.map(({ area, lineCount }) => (
        <Typography key={area.csvPath} variant="caption" sx={{ color: 'text.secondary' }}>
          Area scan “{area.name}”: {plural(lineCount, 'line')}
          {area.gridSizeX !== null &&
            area.gridSizeY !== null &&
            `, grid ${area.gridSizeX} × ${area.gridSizeY} cm`}
          {area.gridSpacingX !== null &&
            area.gridSpacingY !== null &&
            `, spacing ${area.gridSpacingX} × ${area.gridSpacingY} cm`}
        </Typography>
      ))}
      {errors.length > 0 && (
        <Alert severity="warning" variant="outlined">
          {plural(errors.length, 'file')} cannot be read and {errors.length === 1 ? 'is' : 'are'} skipped;
          including {errors.length === 1 ? 'it' : 'them'} would fail the import.
        </Alert>
      )}
      {review.warnings.map((warning) => (
        <Alert key={warning} severity="info" variant="outlined">
          {warning}
        </Alert>
      ))}
      {lines.length === 0 && (
        <Alert severity="warning" variant="outlined" data-testid="review-nothing">
          Nothing to import: no GPR scan file is selected.
        </Alert>
      )}
    </Stack>
  );
}
