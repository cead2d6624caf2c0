import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PAIRING_TOKEN_TTL_S, ThreeDTrackerMessages } from '@gprhub/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/copy-button';
import { useAddUrl } from './three-d-trackers-api';

/** 'Add 3d tracker': the QR code of a fresh add-url (click to enlarge), which a tracker scans to pair. */
export function AddTrackerDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const addUrl = useAddUrl(isOpen);
  const [image, setImage] = useState<string | null>(null);
  const [isLarge, setLarge] = useState(false);
  const url = addUrl.data ?? null;

  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 640 }).then((data) => {
      if (isCurrent) setImage(data);
    });
    return () => {
      isCurrent = false;
    };
  }, [url]);

  const close = () => {
    setImage(null);
    setLarge(false);
    onClose();
  };

  return (
    <Dialog open={isOpen} onClose={close} maxWidth={isLarge ? 'md' : 'xs'} fullWidth data-testid="add-tracker-dialog">
      <DialogTitle>{ThreeDTrackerMessages.addDialogTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Scan this code with the 3D tracker. The code works once, for {PAIRING_TOKEN_TTL_S / 60} minutes; the tracker then appears in the table.
        </Typography>
        {addUrl.isError && <Alert severity="error">{addUrl.error.message}</Alert>}
        {!addUrl.isError && (!image || addUrl.isFetching) && (
          <Box sx={{ display: 'grid', placeItems: 'center', height: 240 }}>
            <CircularProgress />
          </Box>
        )}
        {image && url && !addUrl.isFetching && (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <ButtonBase onClick={() => setLarge((v) => !v)} aria-label={isLarge ? 'Make the QR code smaller' : ThreeDTrackerMessages.clickToEnlarge} sx={{ borderRadius: 1 }}>
              <Box
                component="img"
                src={image}
                alt="Pairing QR code"
                data-testid="tracker-qr-code"
                data-pairing-url={url}
                sx={{ width: isLarge ? 560 : 240, maxWidth: '100%', height: 'auto', display: 'block', imageRendering: 'pixelated', bgcolor: '#fff', borderRadius: 1 }}
              />
            </ButtonBase>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {ThreeDTrackerMessages.clickToEnlarge}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, maxWidth: '100%' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                Pairing link
              </Typography>
              <Typography variant="caption" noWrap sx={{ fontFamily: 'ui-monospace, monospace', minWidth: 0 }} data-testid="tracker-pairing-url">
                {url}
              </Typography>
              <CopyButton value={url} />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="add-tracker-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
