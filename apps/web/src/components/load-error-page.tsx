import Alert from '@mui/material/Alert';
import type { ApiRequestError } from '../api/api-error';
import { getErrorMessage } from '../api/api-error';
import { useParams } from 'react-router';
import { NodeNotFoundPage } from './node-not-found-page';
import { NotFoundPage } from './not-found-page';

/**
 * What a page shows when the resource its URL names could not be loaded: for a 404 the not-found page (it
 * does not exist or was deleted), or the offer to switch when it is in another of the user's organizations;
 * else the error's message.
 * @example <LoadErrorPage error={details.error} noun="area scan" />
 */
export function LoadErrorPage({ error, noun }: { error: ApiRequestError; noun: string }) {
  const { id } = useParams();
  if (error.httpStatus === 404)
    return id ? (
      <NodeNotFoundPage nodeId={id} noun={noun} />
    ) : (
      <NotFoundPage message={`This ${noun} does not exist, or it was deleted.`} />
    );
  return (
    <Alert severity="error">
      The {noun} could not be loaded: {getErrorMessage(error)}
    </Alert>
  );
}
