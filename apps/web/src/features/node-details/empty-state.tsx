import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tab's empty state: a muted icon, the spec's message, and an optional hint or action. */
export function EmptyState({
  icon,
  children,
  hint,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 0.75,
        py: 4,
        px: 2,
        mb: 2,
        borderRadius: '12px',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        color: 'text.secondary',
        '& .MuiSvgIcon-root': { fontSize: 32, opacity: 0.6 },
      }}
    >
      {icon}
      <Typography variant="body2" sx={{ fontWeight: 500, color: 'text.primary' }}>
        {children}
      </Typography>
      {hint && (
        <Typography variant="caption" component="div">
          {hint}
        </Typography>
      )}
    </Box>
  );
}
