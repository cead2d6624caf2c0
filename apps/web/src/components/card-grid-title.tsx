import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface CardGridTitleProps {
  /** The heading's id: the grid below names it in `aria-labelledby`. */
  id: string;
  title: string;
  /** How many rows there are in all (shown once known). */
  total?: number | undefined;
}

/** The title of a Card that holds a Data Grid: a heading and, once known, the row count beside it. */
export function CardGridTitle({ id, title, total }: CardGridTitleProps) {
  return (
    <Box sx={{ px: 2.5, pt: 2, pb: 1.5, display: 'flex', alignItems: 'baseline', gap: 1 }}>
      <Typography variant="h6" component="h2" id={id}>
        {title}
      </Typography>
      {total !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {total}
        </Typography>
      )}
    </Box>
  );
}
