import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormPasswordField, FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { authClient } from './auth-client';
import { unwrapAuth } from './auth-errors';
import { clearSignedOut } from './sign-out-intent';
import { useAuthRedirect } from './use-auth-redirect';

const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});
type SignInValues = z.infer<typeof SignInSchema>;

/** The answer of `POST /api/auth/sso/sign-in`: the provider's address, or why not. */
async function startSso(email: string, returnTo: string): Promise<string> {
  const res = await fetch('/api/auth/sso/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ email, returnTo }),
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!res.ok || !body.url) throw new Error(body.message || `Single sign-on could not start (${res.status})`);
  return body.url;
}

/** 'Continue with SSO': the work email first, then the organization's identity provider. */
function SsoSignIn({ returnTo, onCancel }: { returnTo: string; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) {
      setError('Enter your work email address');
      return;
    }
    setBusy(true);
    try {
      window.location.assign(await startSso(email.trim(), returnTo));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="sso-sign-in-form">
      <Stack spacing={2.5}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Enter your work email: you will be sent to your organization&apos;s sign-in page.
        </Typography>
        {error && (
          <Alert severity="error" data-testid="sso-sign-in-error">
            {error}
          </Alert>
        )}
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'sso-email' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy} data-testid="sso-continue">
          Continue
        </Button>
        <Button onClick={onCancel} data-testid="sso-cancel">
          Sign in with a password instead
        </Button>
      </Stack>
    </Box>
  );
}

/** `/auth/sign-in`: email and password, or 'Continue with SSO'; then the `redirect` parameter or /hub. */
export function SignInPage() {
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  const [isSso, setIsSso] = useState(false);
  const session = authClient.useSession();
  const navigate = useNavigate();
  const { redirectTo, redirectQuery } = useAuthRedirect();
  const form = useForm<SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { control, handleSubmit, formState } = form;
  useEffect(clearSignedOut, []);

  if (session.data) return <Navigate to={redirectTo} replace />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await unwrapAuth(authClient.signIn.email({ email: values.email, password: values.password }));
      await session.refetch();
      void navigate(redirectTo, { replace: true });
    } catch (error) {
      applyServerErrors(form.setError, error, ['email', 'password']);
    }
  });

  const header = (
    <>
      <Typography id="sign-in-title" variant="h5" component="h1">
        Sign in
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 4 }}>
        Welcome back. Sign in to your GPR Hub account.
      </Typography>
      {ssoError && (
        <Alert severity="error" sx={{ mb: 2.5 }} data-testid="sso-callback-error">
          {ssoError}
        </Alert>
      )}
    </>
  );

  if (isSso) {
    return (
      <Box aria-labelledby="sign-in-title">
        {header}
        <SsoSignIn returnTo={redirectTo} onCancel={() => setIsSso(false)} />
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="sign-in-title"
      data-testid="sign-in-form"
    >
      {header}
      <Stack spacing={2.5}>
        <FormServerError errors={formState.errors} />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          data-testid="sign-in-submit"
        >
          Sign in
        </Button>
        <Divider sx={{ color: 'text.secondary', fontSize: 13 }}>or</Divider>
        <Button variant="outlined" size="large" onClick={() => setIsSso(true)} data-testid="sso-start">
          Continue with SSO
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        New to GPR Hub?{' '}
        <Link component={RouterLink} to={`/auth/sign-up${redirectQuery}`} sx={{ fontWeight: 500 }}>
          Create an account
        </Link>
      </Typography>
    </Box>
  );
}
