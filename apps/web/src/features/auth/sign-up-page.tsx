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

/** better-auth's password limits on our server. */
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

const SignUpSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
});
type SignUpValues = z.infer<typeof SignUpSchema>;

/** `/auth/sign-up`: first and last name, email and password; signs the new user in. */
export function SignUpPage() {
  const session = authClient.useSession();
  const navigate = useNavigate();
  const { redirectTo, redirectQuery } = useAuthRedirect();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { control, handleSubmit, formState } = form;
  useEffect(clearSignedOut, []);

  if (session.data) return <Navigate to={redirectTo} replace />;

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    try {
      await unwrapAuth(
        authClient.signUp.email({ name: `${firstName} ${lastName}`, email, password, firstName, lastName }),
      );
      await session.refetch();
      void navigate(redirectTo, { replace: true });
    } catch (error) {
      applyServerErrors(form.setError, error, ['firstName', 'lastName', 'email', 'password']);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="sign-up-title"
      data-testid="sign-up-form"
    >
      <Typography id="sign-up-title" variant="h5" component="h1">
        Create your account
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 4 }}>
        Start organising your scans in minutes.
      </Typography>
      <Stack spacing={2.5}>
        <FormServerError errors={formState.errors} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            autoFocus
          />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
        </Stack>
        <FormTextField control={control} name="email" label="Work email" type="email" autoComplete="email" />
        <FormPasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          helperText={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          data-testid="sign-up-submit"
        >
          Create account
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={`/auth/sign-in${redirectQuery}`} sx={{ fontWeight: 500 }}>
          Sign in
        </Link>
      </Typography>
    </Box>
  );
}
