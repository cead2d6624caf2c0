import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import GridOnRoundedIcon from '@mui/icons-material/GridOnRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import radargramUrl from '../../assets/radargram.svg';
import { BrandLogo } from '../../components/brand-logo';

const HIGHLIGHTS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <AccountTreeRoundedIcon />,
    title: 'One hub for every site',
    text: 'Folders, buildings, floor plans and scans in one tree.',
  },
  {
    icon: <SensorsRoundedIcon />,
    title: 'Rebar detection',
    text: 'Diameter, cover and spacing from line and area scans.',
  },
  {
    icon: <GridOnRoundedIcon />,
    title: 'Check and correct',
    text: 'Review every hyperbola and fix results by hand.',
  },
];

/** Sign-in and sign-up pages: a radargram backdrop, the product pitch and the form card. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1.15fr 1fr' },
        backgroundColor: '#0c1511',
        backgroundImage: `linear-gradient(100deg, rgba(8, 18, 13, 0.82) 0%, rgba(8, 18, 13, 0.55) 45%, rgba(8, 18, 13, 0.35) 100%), url(${radargramUrl})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: { xs: 3, sm: 5, lg: 8 },
          pb: { xs: 0, md: 5 },
          color: '#fff',
        }}
      >
        <BrandLogo size={34} inverted />
        <Box sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 520 }}>
          <Typography
            variant="h3"
            component="p"
            sx={{
              fontSize: { md: '2.4rem', lg: '2.9rem' },
              lineHeight: 1.15,
              mb: 2,
              letterSpacing: '-0.02em',
            }}
          >
            See inside the concrete before you drill.
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.72)', mb: 5, fontSize: '1.05rem' }}>
            Organise ground-penetrating-radar scans, run rebar analyses and share the results with your team.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {HIGHLIGHTS.map(({ icon, title, text }) => (
              <Box key={title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: '12px',
                    display: 'grid',
                    placeItems: 'center',
                    flexShrink: 0,
                    bgcolor: 'rgba(79, 194, 134, 0.16)',
                    color: '#7bd6a5',
                    border: '1px solid rgba(123, 214, 165, 0.25)',
                  }}
                >
                  {icon}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                  <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.65)' }}>
                    {text}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography
          variant="caption"
          sx={{ display: { xs: 'none', md: 'block' }, color: 'rgba(255,255,255,0.5)' }}
        >
          © {new Date().getFullYear()} GPR Hub
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <Paper
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 460,
            p: { xs: 3, sm: 5 },
            borderRadius: '20px',
            boxShadow: '0 24px 64px rgba(0, 0, 0, 0.35)',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
