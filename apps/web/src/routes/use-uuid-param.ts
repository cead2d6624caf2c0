import { useParams } from 'react-router';
import { isUuid } from '../lib/uuid';

/** A route parameter that must be a UUID v4: its value, or null when missing or malformed. */
export function useUuidParam(name: string): string | null {
  const value = useParams()[name];
  return isUuid(value) ? value : null;
}
