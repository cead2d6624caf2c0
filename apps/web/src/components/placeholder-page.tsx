import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

export interface PlaceholderPageProps {
  title: string;
  /** What the page will do, in one or two sentences. */
  description: string;
  /** What the page will offer, as short points. */
  features?: readonly string[];
  icon?: ReactNode;
  /** Extra detail such as the id the page was opened with. */
  detail?: ReactNode;
}

/** A page that later work fills: names what it will do, in a tidy "coming soon" card. */
export function PlaceholderPage({ title, description, features = [], icon, detail }: PlaceholderPageProps) {
  return (
    <Box data-testid="placeholder-page">
      <PageHeader title={title} />
      <Card sx={{ maxWidth: 760 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: '14px',
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {icon ?? <ConstructionRoundedIcon />}
            </Box>
            <Chip
              label="Coming soon"
              size="small"
              color="secondary"
              variant="outlined"
              sx={{ fontWeight: 600 }}
            />
          </Box>
          <Typography variant="body1" sx={{ mb: features.length ? 2 : 0 }}>
            {description}
          </Typography>
          {features.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.75 } }}>
              {features.map((feature) => (
                <Typography component="li" variant="body2" key={feature}>
                  {feature}
                </Typography>
              ))}
            </Box>
          )}
          {detail && (
            <Typography
              variant="caption"
              component="p"
              sx={{
                mt: 3,
                color: 'text.secondary',
                fontFamily: 'ui-monospace, monospace',
                wordBreak: 'break-all',
              }}
            >
              {detail}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
