import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ApiRequestError } from './api/api-error';
import { SnackbarProvider } from './components/snackbar-provider';
import { router } from './routes/router';
import { appTheme } from './theme/theme';

/** Retry network hiccups and server errors, not answers that will not change (4xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 2;
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/** Providers (data, theme, snackbar) around the router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider
        theme={appTheme}
        defaultMode="system"
        modeStorageKey="gprhub-color-mode"
        disableTransitionOnChange
      >
        <CssBaseline enableColorScheme />
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
