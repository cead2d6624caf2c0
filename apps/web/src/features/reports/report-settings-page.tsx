import {
  type CreateFilesBatchResponse,
  coverClassLabel,
  REPORT_LOGO_EXTENSIONS,
  REPORT_LOGO_MAX_BYTES,
  REPORT_SECTIONS,
  ReportLogoMessages,
  type ReportSection,
  type ReportSettings,
} from '@gprhub/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { uploadFiles } from '../../api/upload-files';
import { getErrorMessage } from '../../api/api-error';
import { useApiQuery } from '../../api/use-api-query';
import { PageHeader } from '../../components/page-header';
import { usePermission } from '../members/members-api';

const SECTION_LABELS: Record<ReportSection, string> = {
  radargram: 'Radargram with the bars',
  rebarTable: 'Rebar table',
  statistics: 'Stat cards',
  materialProperties: 'Material properties',
  planView: "Area's plan view",
  floorPlans: 'Floor plans with pins',
  comments: 'Comments',
};

type SettingsResponse = { reportSettings: ReportSettings; logoUrl: string | null };

/** Why a picked logo file is refused before uploading it (the server checks its bytes again), or null. */
export function logoFileError(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot <= 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(REPORT_LOGO_EXTENSIONS as readonly string[]).includes(ext)) return ReportLogoMessages.notAnImage;
  if (file.size > REPORT_LOGO_MAX_BYTES) return ReportLogoMessages.tooLarge;
  return null;
}

/** `/report-settings`: the organization's report settings (issue #21 item 3). */
export function ReportSettingsPage() {
  const organization = useOrganizationSlug();
  const query = useApiQuery(['report-settings'], (request) => apiFetch<SettingsResponse>('/api/report-settings', request));
  const [draft, setDraft] = useState<ReportSettings | null>(null);
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [logoBusy, setLogoBusy] = useState(false);
  const manage = usePermission('manageReportSettings');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (query.data && !draft) {
      setDraft(query.data.reportSettings);
      setLogoUrl(query.data.logoUrl);
    }
  }, [query.data, draft]);

  if (!draft) return <Skeleton variant="rectangular" height={360} data-testid="report-settings-loading" />;
  const set = (patch: Partial<ReportSettings>) => setDraft({ ...draft, ...patch });
  const setClass = (index: number, patch: Partial<ReportSettings['coverClasses'][number]>) =>
    set({ coverClasses: draft.coverClasses.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  const saveSettings = async (settings: ReportSettings, text: string) => {
    setMessage(null);
    try {
      const saved = await apiMutation<SettingsResponse>('PUT', '/api/report-settings', settings);
      setDraft(saved.reportSettings);
      setLogoUrl(saved.logoUrl);
      setMessage({ severity: 'success', text });
    } catch (error) {
      setMessage({ severity: 'error', text: getErrorMessage(error) });
    }
  };
  const save = () => saveSettings(draft, 'Report settings saved');

  /** Upload the picked logo (`POST /api/report-settings/logo`, then the usual PUT and confirmation) and save it. */
  const uploadLogo = async (file: File) => {
    const refused = logoFileError(file);
    if (refused) return setMessage({ severity: 'error', text: refused });
    setMessage(null);
    setLogoBusy(true);
    try {
      const dot = file.name.lastIndexOf('.');
      const body = { name: file.name.slice(0, dot), extension: file.name.slice(dot + 1) };
      const [record] = await uploadFiles({
        organization,
        files: [{ nodeId: null, name: body.name, extension: body.extension, data: file }],
        createBatch: (request) => apiMutation<CreateFilesBatchResponse>('POST', '/api/report-settings/logo', body, request),
      });
      await saveSettings({ ...draft, logoFileId: record!.id }, 'Logo saved');
    } catch (error) {
      setMessage({ severity: 'error', text: getErrorMessage(error) });
    } finally {
      setLogoBusy(false);
    }
  };

  return (
    <Box data-testid="report-settings-page">
      <PageHeader title="Report settings" description="What every PDF report and DXF export of this organization uses." />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2.5, maxWidth: 720 }}>
        {manage.isKnown && !manage.isAllowed && (
          <Alert severity="info" data-testid="report-settings-read-only">
            {manage.reason}. You can read them; reports you make use them.
          </Alert>
        )}
        <TextField
          label="Name on the cover"
          helperText="Empty: the organization's name"
          value={draft.organizationName}
          onChange={(e) => set({ organizationName: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'report-settings-name' } }}
        />
        <Box data-testid="report-settings-logo">
          <Typography variant="subtitle2" gutterBottom>
            Logo on the cover
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            {draft.logoFileId && logoUrl ? (
              <Box
                component="img"
                src={logoUrl}
                alt="Report logo"
                data-testid="report-settings-logo-image"
                sx={{ maxWidth: 200, maxHeight: 80, objectFit: 'contain', border: 1, borderColor: 'divider', p: 0.5 }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                No logo
              </Typography>
            )}
            <Button component="label" variant="outlined" size="small" disabled={logoBusy || !manage.isAllowed}>
              {draft.logoFileId ? 'Replace logo' : 'Upload logo'}
              <input
                hidden
                type="file"
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                data-testid="report-settings-logo-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void uploadLogo(file);
                }}
              />
            </Button>
            {draft.logoFileId && (
              <Button
                size="small"
                disabled={logoBusy}
                data-testid="report-settings-logo-remove"
                onClick={() => void saveSettings({ ...draft, logoFileId: null }, 'Logo removed')}
              >
                Remove logo
              </Button>
            )}
          </Box>
          <Typography variant="caption" color="text.secondary">
            PNG or JPEG, at most 5 MB.
          </Typography>
        </Box>
        <TextField
          select
          label="Units"
          value={draft.units}
          onChange={(e) => set({ units: e.target.value as ReportSettings['units'] })}
          sx={{ maxWidth: 240 }}
        >
          <MenuItem value="mm">Millimetres</MenuItem>
          <MenuItem value="in">Inches</MenuItem>
        </TextField>
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Cover classes (plan colours and DXF layers)
          </Typography>
          {draft.coverClasses.map((c, i) => (
            <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
              <input
                type="color"
                aria-label={`Colour of class ${i + 1}`}
                value={c.color}
                onChange={(e) => setClass(i, { color: e.target.value })}
              />
              {c.upToMm !== null ? (
                <TextField
                  size="small"
                  type="number"
                  label="Below (mm)"
                  value={c.upToMm}
                  onChange={(e) => setClass(i, { upToMm: Number(e.target.value) })}
                  sx={{ width: 140 }}
                />
              ) : (
                <Box sx={{ width: 140 }} />
              )}
              <Typography variant="body2" sx={{ minWidth: 110 }}>
                {coverClassLabel(draft.coverClasses, i)}
              </Typography>
              {draft.coverClasses.length > 1 && c.upToMm !== null && (
                <Button size="small" onClick={() => set({ coverClasses: draft.coverClasses.filter((_, k) => k !== i) })}>
                  Remove
                </Button>
              )}
            </Box>
          ))}
          <Button
            size="small"
            onClick={() => {
              const bounded = draft.coverClasses.filter((c) => c.upToMm !== null);
              const last = bounded.at(-1)?.upToMm ?? 0;
              const open = draft.coverClasses.at(-1)!;
              set({ coverClasses: [...bounded, { upToMm: last + 10, color: '#888888' }, open] });
            }}
          >
            Add a class
          </Button>
        </Box>
        <Box>
          <Typography variant="subtitle2">Sections</Typography>
          {REPORT_SECTIONS.map((section) => (
            <FormControlLabel
              key={section}
              label={SECTION_LABELS[section]}
              control={
                <Checkbox
                  checked={draft.sections.includes(section)}
                  onChange={(e) =>
                    set({
                      sections: e.target.checked
                        ? REPORT_SECTIONS.filter((s) => s === section || draft.sections.includes(s))
                        : draft.sections.filter((s) => s !== section),
                    })
                  }
                />
              }
              sx={{ display: 'flex' }}
            />
          ))}
        </Box>
        {message && (
          <Alert severity={message.severity} data-testid="report-settings-message">
            {message.text}
          </Alert>
        )}
        <Box>
          <Tooltip title={manage.isAllowed ? '' : manage.reason}>
            <span>
              <Button
                variant="contained"
                onClick={() => void save()}
                disabled={logoBusy || !manage.isAllowed}
                data-testid="report-settings-save"
              >
                Save
              </Button>
            </span>
          </Tooltip>
        </Box>
      </Paper>
    </Box>
  );
}
