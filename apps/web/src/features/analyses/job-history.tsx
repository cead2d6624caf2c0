import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AnalysisJobEvent } from '@gprhub/contract';
import { formatDateTime } from '../../lib/format-date';

type Tone = 'success' | 'error' | 'warning' | 'info' | 'primary' | 'grey';

/** Colour of a history event: outcomes in their status colours, a retry (a worker died) in amber. */
function getEventTone(event: string): Tone {
  switch (event.toUpperCase()) {
    case 'FINISHED':
      return 'success';
    case 'FAILED':
      return 'error';
    case 'RETRIED':
      return 'warning';
    case 'STARTED':
    case 'ANALYSING':
      return 'primary';
    case 'CREATED':
      return 'info';
    default:
      return 'grey';
  }
}

/** 'RETRIED' → 'Retried'. */
export function formatEventName(event: string): string {
  const words = event.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A job's history as a vertical timeline, oldest first: a dot per event (in the event's colour) joined by
 * a line, with the event, its time and its message.
 */
export function JobHistory({ history, testId }: { history: AnalysisJobEvent[]; testId?: string }) {
  if (history.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={testId}>
        No history yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {history.map((item, index) => {
        const tone = getEventTone(item.event);
        const isLast = index === history.length - 1;
        const color = tone === 'grey' ? 'grey.500' : `${tone}.main`;
        return (
          <Box
            component="li"
            key={`${item.createdAt}-${index}`}
            data-testid="job-history-event"
            data-event={item.event}
            sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.25 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
              <Box
                sx={{
                  width: 11,
                  height: 11,
                  mt: '5px',
                  borderRadius: '50%',
                  bgcolor: color,
                  boxShadow: (theme) => `0 0 0 3px ${theme.vars?.palette.background.paper ?? '#fff'}`,
                  flexShrink: 0,
                }}
              />
              {!isLast && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5, minHeight: 12 }} />}
            </Box>
            <Box sx={{ pb: isLast ? 0 : 1.5, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, color }}>
                  {formatEventName(item.event)}
                </Typography>
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatDateTime(item.createdAt)}
                </Typography>
              </Box>
              {item.message && (
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {item.message}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
