import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { authClient } from '../auth/auth-client';
import { unwrapAuth } from '../auth/auth-errors';
import type { Organization } from './organization-context';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from './slugify';

const CreateOrganizationSchema = z.object({
  name: z.string().trim().min(2, 'Use at least 2 characters').max(80, 'Use at most 80 characters'),
  slug: z
    .string()
    .min(2, 'Use at least 2 characters')
    .max(MAX_SLUG_LENGTH, `Use at most ${MAX_SLUG_LENGTH} characters`)
    .regex(SLUG_PATTERN, 'Use lower-case letters and digits, separated by single hyphens'),
});
type CreateOrganizationValues = z.infer<typeof CreateOrganizationSchema>;

export interface CreateOrganizationFormProps {
  /** Called with the new organization, which the server has already made the active one. */
  onCreated: (organization: Organization) => Promise<void> | void;
  /** Extra buttons next to the submit button (e.g. Cancel in a dialog). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}

/** Name and slug of a new organization; the slug follows the name until the user edits it. */
export function CreateOrganizationForm({
  onCreated,
  secondaryAction,
  autoFocus = true,
}: CreateOrganizationFormProps) {
  const isSlugEdited = useRef(false);
  const form = useForm<CreateOrganizationValues>({
    resolver: zodResolver(CreateOrganizationSchema),
    defaultValues: { name: '', slug: '' },
  });
  const { control, handleSubmit, formState, setValue, watch } = form;
  const slug = watch('slug');

  const onSubmit = handleSubmit(async ({ name, slug: newSlug }) => {
    try {
      const created = await unwrapAuth(authClient.organization.create({ name: name.trim(), slug: newSlug }));
      await onCreated({ id: created.id, name: created.name, slug: created.slug, logo: created.logo ?? null });
    } catch (error) {
      applyServerErrors(form.setError, error, ['name', 'slug']);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={onSubmit}
      data-testid="create-organization-form"
    >
      <FormServerError errors={formState.errors} />
      <FormTextField
        control={control}
        name="name"
        label="Organization name"
        placeholder="Acme Concrete Scanning"
        autoFocus={autoFocus}
        autoComplete="organization"
        onChange={(event) => {
          if (!isSlugEdited.current)
            setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted });
        }}
      />
      <FormTextField
        control={control}
        name="slug"
        label="Slug"
        placeholder="acme-concrete-scanning"
        helperText={`Used in links: …?org=${slug || 'your-slug'}`}
        onChange={(event) => {
          // An emptied slug follows the name again.
          isSlugEdited.current = event.target.value !== '';
        }}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 0.5 }}>
        {secondaryAction}
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          data-testid="create-organization-submit"
        >
          Create organization
        </Button>
      </Stack>
    </Stack>
  );
}
