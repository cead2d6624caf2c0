import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Location } from '@gprhub/contract';
import { formatCoordinate } from './metadata-form-schema';
import { openStreetMapUrl } from './map-config';

/** Latitude and longitude in degrees with hemispheres: 48.8584° N, 2.2945° E. */
export function formatLatLon({ latitude, longitude }: Location): string {
  const lat = `${Math.abs(latitude).toFixed(5)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(longitude).toFixed(5)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lon}`;
}

/**
 * What the location map shows when it has no tiles: a marker on a survey grid with the
 * coordinates, so that a location can still be read and entered offline.
 */
export function LocationFallback({
  value,
  isEditable,
  onRetry,
}: {
  value: Location | null;
  isEditable: boolean;
  onRetry: () => void;
}) {
  return (
    <Box
      data-testid="location-map-fallback"
      sx={(theme) => {
        const line = theme.vars?.palette.divider ?? 'rgba(0,0,0,0.1)';
        return {
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          p: 2,
          textAlign: 'center',
          backgroundImage: `linear-gradient(${line} 1px, transparent 1px), linear-gradient(90deg, ${line} 1px, transparent 1px)`,
          backgroundSize: '32px 32px',
          backgroundPosition: 'center center',
        };
      }}
    >
      <PlaceRoundedIcon
        sx={{
          fontSize: 48,
          color: value ? 'primary.main' : 'text.disabled',
          filter: 'drop-shadow(0 3px 3px rgba(0,0,0,0.25))',
        }}
      />
      <Box
        sx={{
          maxWidth: '100%',
          px: 2,
          py: 1.25,
          borderRadius: '12px',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 2px 10px rgba(0,0,0,0.06)',
        }}
      >
        {value ? (
          <>
            <Typography
              variant="subtitle1"
              data-testid="location-fallback-coordinates"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', lineHeight: 1.4 }}
            >
              {formatLatLon(value)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {formatCoordinate(value.latitude)}, {formatCoordinate(value.longitude)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {isEditable ? 'Enter the latitude and longitude below.' : 'No location'}
          </Typography>
        )}
        <Typography
          variant="caption"
          component="div"
          sx={{ color: 'text.secondary', mt: 0.75, maxWidth: 260 }}
        >
          Map unavailable: offline, or its tiles are blocked.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'center', mt: 0.5 }}>
          <Button
            size="small"
            onClick={onRetry}
            data-testid="location-map-retry"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Retry map
          </Button>
          {value && (
            <Link
              href={openStreetMapUrl(value.latitude, value.longitude)}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              underline="hover"
            >
              OpenStreetMap
            </Link>
          )}
        </Box>
      </Box>
    </Box>
  );
}
