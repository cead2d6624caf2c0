import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The GPR Hub mark: a radar hyperbola over a rebar, on a green tile. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="15" fill="#17734a" />
      <path d="M7 12h50" stroke="#fff" strokeOpacity=".35" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M9 54C14 36 22 26 32 26s18 10 23 28"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M15 58c4-12 10-19 17-19s13 7 17 19"
        fill="none"
        stroke="#fff"
        strokeOpacity=".45"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="21" r="5.5" fill="#f5b800" />
    </Box>
  );
}

/** Mark and word mark side by side. */
export function BrandLogo({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 600,
          fontSize: size * 0.62,
          letterSpacing: '-0.01em',
          color: inverted ? '#fff' : 'text.primary',
          whiteSpace: 'nowrap',
        }}
      >
        GPR Hub
      </Typography>
    </Box>
  );
}
