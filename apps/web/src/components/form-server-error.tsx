import Alert from '@mui/material/Alert';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The general server error of a form (set by `applyServerErrors` under `root.serverError`). */
export function FormServerError<T extends FieldValues>({ errors }: { errors: FieldErrors<T> }) {
  const message = errors.root?.serverError?.message;
  if (!message) return null;
  return (
    <Alert severity="error" data-testid="form-server-error" sx={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}
