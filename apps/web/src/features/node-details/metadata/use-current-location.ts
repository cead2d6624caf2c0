import type { Location } from '@gprhub/contract';
import { useState } from 'react';

/** The device's position (GPS works offline), for filling in a location on site. */
export function useCurrentLocation(onLocation: (location: Location) => void) {
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isAvailable = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const locate = () => {
    setIsLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setIsLocating(false);
        onLocation({
          latitude: Number(coords.latitude.toFixed(7)),
          longitude: Number(coords.longitude.toFixed(7)),
        });
      },
      (failure) => {
        setIsLocating(false);
        setError(
          failure.code === failure.PERMISSION_DENIED
            ? 'Location access was refused.'
            : 'The current location could not be found.',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return { isAvailable, isLocating, error, locate };
}
