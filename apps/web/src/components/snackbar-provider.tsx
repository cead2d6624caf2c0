import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { AlertColor } from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';

export interface SnackbarOptions {
  severity?: AlertColor;
  /** Hidden after this many ms (default 4 s). */
  autoHideMs?: number;
  /** A button such as GO. */
  action?: ReactNode;
  testId?: string;
}

interface SnackbarMessage extends SnackbarOptions {
  key: number;
  message: string;
}

type ShowSnackbar = (message: string, options?: SnackbarOptions) => void;

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/** One app-wide snackbar, so that a message outlives the menu or dialog that raised it. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const show = useCallback<ShowSnackbar>((message, options = {}) => {
    setCurrent({ ...options, message, key: Date.now() });
    setIsOpen(true);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={isOpen}
        autoHideDuration={current?.autoHideMs ?? 4000}
        onClose={(_event, reason) => reason !== 'clickaway' && setIsOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={current?.severity ?? 'info'}
          variant="filled"
          onClose={() => setIsOpen(false)}
          action={current?.action}
          data-testid={current?.testId ?? 'snackbar'}
          sx={{ alignItems: 'center', minWidth: 280 }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

/** Show a message in the app's snackbar. */
export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return show;
}
