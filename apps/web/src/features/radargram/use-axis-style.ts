import { useColorScheme, useTheme, type Palette, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { AxisStyle } from './draw-axes';

/** The axes' colours for the current light or dark scheme (a canvas needs plain colours, not CSS variables). */
export function useAxisStyle(): AxisStyle {
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const isDark = ((mode === 'system' ? systemMode : mode) ?? 'light') === 'dark';
  return useMemo(() => {
    const schemes = (theme as Theme & { colorSchemes?: Record<string, { palette: Palette } | undefined> })
      .colorSchemes;
    const scheme = schemes?.[isDark ? 'dark' : 'light']?.palette ?? theme.palette;
    return {
      text: scheme.text.primary,
      line: scheme.text.secondary,
      font: `12px ${String(theme.typography.fontFamily ?? 'sans-serif')}`,
    };
  }, [theme, isDark]);
}
