import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
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

/** `/auth/sign-in`: email and password; then the `redirect` parameter or /hub. */
export function SignInPage() {
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

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="sign-in-title"
      data-testid="sign-in-form"
    >
      <Typography id="sign-in-title" variant="h5" component="h1">
        Sign in
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 4 }}>
        Welcome back. Sign in to your GPR Hub account.
      </Typography>
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
