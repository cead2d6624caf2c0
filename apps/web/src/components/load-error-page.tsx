import Alert from '@mui/material/Alert';
import type { ApiRequestError } from '../api/api-error';
import { getErrorMessage } from '../api/api-error';
import { NotFoundPage } from './not-found-page';

/**
 * What a page shows when the resource its URL names could not be loaded: the not-found page for a 404 (it
 * does not exist, was deleted, or belongs to another organization), else the error's message.
 * @example <LoadErrorPage error={details.error} noun="area scan" />
 */
export function LoadErrorPage({ error, noun }: { error: ApiRequestError; noun: string }) {
  if (error.httpStatus === 404) return <NotFoundPage message={`This ${noun} does not exist, or it was deleted.`} />;
  return (
    <Alert severity="error">
      The {noun} could not be loaded: {getErrorMessage(error)}
    </Alert>
  );
}
