import type { SaveSsoSettingsBody, SsoSettings } from '@gprhub/contract';
import { SSO_JIT_ROLES } from '@gprhub/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { apiFetch, apiMutation } from '../../api/api-client';
import { getErrorMessage } from '../../api/api-error';
import { useApiQuery } from '../../api/use-api-query';
import { CopyButton } from '../../components/copy-button';
import { PageHeader } from '../../components/page-header';

interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  defaultRole: (typeof SSO_JIT_ROLES)[number];
  requireSso: boolean;
}

const EMPTY: Draft = { issuer: '', clientId: '', clientSecret: '', domains: '', defaultRole: 'member', requireSso: false };

function draftOf(settings: SsoSettings): Draft {
  const p = settings.provider;
  return p
    ? { issuer: p.issuer, clientId: p.clientId, clientSecret: '', domains: p.domains.join(', '), defaultRole: p.defaultRole, requireSso: p.requireSso }
    : EMPTY;
}

/** `/sso-settings`: the organization's own OpenID Connect identity provider (owners and admins). */
export function SsoSettingsPage() {
  const query = useApiQuery(['sso-settings'], (request) => apiFetch<SsoSettings>('/api/sso-settings', request));
  const [settings, setSettings] = useState<SsoSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (query.data && !settings) {
      setSettings(query.data);
      setDraft(draftOf(query.data));
    }
  }, [query.data, settings]);

  if (query.error) {
    return (
      <Box data-testid="sso-settings-page">
        <PageHeader title="Single sign-on" />
        <Alert severity="error" data-testid="sso-settings-error">
          {getErrorMessage(query.error)}
        </Alert>
      </Box>
    );
  }
  if (!draft || !settings) return <Skeleton variant="rectangular" height={360} data-testid="sso-settings-loading" />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const save = async () => {
    setMessage(null);
    setBusy(true);
    try {
      const body: SaveSsoSettingsBody = {
        issuer: draft.issuer,
        clientId: draft.clientId,
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
        domains: draft.domains.split(/[\s,;]+/).filter(Boolean),
        defaultRole: draft.defaultRole,
        requireSso: draft.requireSso,
      };
      const saved = await apiMutation<SsoSettings>('PUT', '/api/sso-settings', body);
      setSettings(saved);
      setDraft(draftOf(saved));
      setMessage({ severity: 'success', text: 'Single sign-on saved: users of these domains can now use “Continue with SSO”.' });
    } catch (error) {
      setMessage({ severity: 'error', text: getErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setMessage(null);
    setBusy(true);
    try {
      await apiMutation<void>('DELETE', '/api/sso-settings');
      const cleared = { ...settings, provider: null };
      setSettings(cleared);
      setDraft(EMPTY);
      setMessage({ severity: 'success', text: 'Single sign-on removed: members sign in with their passwords again.' });
    } catch (error) {
      setMessage({ severity: 'error', text: getErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="sso-settings-page">
      <PageHeader
        title="Single sign-on"
        description="Let members sign in with your organization's own identity provider (OpenID Connect). Users of the domains below are sent to it from the sign-in page and join this organization on their first sign-in."
      />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Stack spacing={2.5}>
          {message && (
            <Alert severity={message.severity} data-testid="sso-settings-message">
              {message.text}
            </Alert>
          )}
          <Box>
            <Typography variant="subtitle2">Redirect URI</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              Register this address as the redirect (callback) URI of the client at your identity provider.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box component="code" data-testid="sso-redirect-uri" sx={{ fontSize: '0.85em', wordBreak: 'break-all' }}>
                {settings.redirectUri}
              </Box>
              <CopyButton value={settings.redirectUri} />
            </Stack>
          </Box>
          <TextField
            label="Issuer URL"
            value={draft.issuer}
            onChange={(e) => set({ issuer: e.target.value })}
            placeholder="https://login.example.com"
            helperText="Its discovery document (/.well-known/openid-configuration) is read when you save"
            slotProps={{ htmlInput: { 'data-testid': 'sso-issuer' } }}
          />
          <TextField
            label="Client ID"
            value={draft.clientId}
            onChange={(e) => set({ clientId: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'sso-client-id' } }}
          />
          <TextField
            label="Client secret"
            type="password"
            value={draft.clientSecret}
            onChange={(e) => set({ clientSecret: e.target.value })}
            helperText={settings.provider?.secretSet ? 'A secret is stored (encrypted). Leave empty to keep it.' : 'Stored encrypted; never shown again'}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'data-testid': 'sso-client-secret' } }}
          />
          <TextField
            label="Allowed email domains"
            value={draft.domains}
            onChange={(e) => set({ domains: e.target.value })}
            placeholder="example.com, example.org"
            helperText="Comma-separated. A domain can belong to one organization only."
            slotProps={{ htmlInput: { 'data-testid': 'sso-domains' } }}
          />
          <TextField
            select
            label="Role of new members"
            value={draft.defaultRole}
            onChange={(e) => set({ defaultRole: e.target.value as Draft['defaultRole'] })}
            helperText="Given to users who join on their first sign-in"
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'sso-default-role' } as object } }}
          >
            {SSO_JIT_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {role === 'admin' ? 'Admin' : 'Member'}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.requireSso}
                onChange={(e) => set({ requireSso: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'sso-require' } as object }}
              />
            }
            label="Require single sign-on for these domains (password sign-in is refused)"
          />
          <Stack direction="row" spacing={1.5}>
            <Button variant="contained" onClick={() => void save()} loading={busy} data-testid="sso-save">
              Save
            </Button>
            {settings.provider && (
              <Button color="error" onClick={() => void remove()} disabled={busy} data-testid="sso-remove">
                Remove single sign-on
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
