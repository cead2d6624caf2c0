import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormServerError } from '../../../components/form-server-error';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import type { CommentFormValues } from './comment-schema';
import { CommentFormSchema } from './comment-schema';

export interface CommentFormProps {
  initialContent?: string;
  submitLabel: string;
  placeholder?: string;
  /** Saves the content; the form resets after a new comment, and shows the error on failure. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  testId: string;
}

/** A markdown text box with a submit button (Ctrl/Cmd + Enter submits); used to write and to edit. */
export function CommentForm({
  initialContent = '',
  submitLabel,
  placeholder,
  onSubmit,
  onCancel,
  autoFocus,
  testId,
}: CommentFormProps) {
  const form = useForm<CommentFormValues>({
    resolver: zodResolver(CommentFormSchema),
    defaultValues: { content: initialContent },
    mode: 'onSubmit',
  });
  const { control, handleSubmit, formState, watch } = form;
  const content = watch('content');

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values.content);
      form.reset({ content: onCancel ? values.content : '' });
    } catch (error) {
      applyServerErrors(form.setError, error, ['content']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId}>
      <FormServerError errors={formState.errors} />
      <FormTextField
        control={control}
        name="content"
        multiline
        minRows={onCancel ? 3 : 2}
        maxRows={14}
        placeholder={placeholder}
        autoFocus={autoFocus}
        size="small"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
          if (event.key === 'Escape' && onCancel) {
            event.stopPropagation();
            onCancel();
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': submitLabel, 'data-testid': `${testId}-input` } }}
        sx={{ '& .MuiInputBase-root': { fontSize: 14, bgcolor: 'background.paper' } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1, minWidth: 0 }}>
          Markdown · Ctrl+Enter sends
        </Typography>
        {onCancel && (
          <Button size="small" color="inherit" onClick={onCancel} data-testid={`${testId}-cancel`}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          size="small"
          variant="contained"
          loading={formState.isSubmitting}
          disabled={!content.trim()}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
