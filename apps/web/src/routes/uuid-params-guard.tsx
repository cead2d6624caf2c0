import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { isUuid } from '../lib/uuid';

/**
 * Layout route for pages addressed by id: every named parameter (`:id`, `:nodeId`, …) must be a
 * UUID v4, else the page is not found (the spec's rule for malformed ids).
 */
export function UuidParamsGuard() {
  const params = useParams();
  const isValid = Object.entries(params).every(([name, value]) => name === '*' || isUuid(value));
  if (!isValid)
    return <NotFoundPage message="This link does not point to a valid item: its id is malformed." />;
  return <Outlet />;
}
