import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../components/brand-logo';

/**
 * `/three-d-trackers/pair?pairing=…`: where the QR code's URL leads when a phone camera, not a 3D tracker, opens
 * it. It says what the code is for; it never uses the pairing token (only a tracker does, decision 0036).
 */
export function PairingLinkPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }} data-testid="pairing-link-page">
      <Box sx={{ maxWidth: 460, textAlign: 'center' }}>
        <BrandLogo size={40} />
        <Typography variant="h5" sx={{ mt: 2, mb: 1 }}>
          This code pairs a 3D tracker
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          Scan it from the 3D tracker's own app: the tracker then appears on the 3d Trackers page of GPR Hub. The code
          works once and for ten minutes; opening it here does not use it.
        </Typography>
        <Link href="/three-d-trackers">Open 3d Trackers</Link>
      </Box>
    </Box>
  );
}
