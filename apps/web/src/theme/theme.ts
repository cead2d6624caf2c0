import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

/** Header height, in px (the spec's constant). */
export const HEADER_HEIGHT = 48;
/** Width of the side menu on md and wider screens, in px. */
export const DRAWER_WIDTH = 248;

const FONT_FAMILY = [
  'Poppins',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The app's one theme, with a light and a dark colour scheme switched by a class on <html>.
 * Primary is an engineering green; secondary is the amber of site safety markings.
 */
export const appTheme: Theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class', cssVarPrefix: 'gpr' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#17734a', light: '#3f9a6c', dark: '#0e5234', contrastText: '#ffffff' },
        secondary: { main: '#d99a00', light: '#f5b800', dark: '#a87400', contrastText: '#1b1400' },
        background: { default: '#f3f6f4', paper: '#ffffff' },
        text: { primary: '#15211b', secondary: '#56655d' },
        divider: 'rgba(21, 33, 27, 0.10)',
      },
    },
    dark: {
      palette: {
        primary: { main: '#4fc286', light: '#7bd6a5', dark: '#2f9a63', contrastText: '#06190e' },
        secondary: { main: '#f5b800', light: '#ffd24d', dark: '#c08f00', contrastText: '#1b1400' },
        background: { default: '#0c1310', paper: '#131c17' },
        text: { primary: '#e7eeea', secondary: '#9aaba2' },
        divider: 'rgba(231, 238, 234, 0.10)',
      },
    },
  },
  shape: { borderRadius: 15 },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  typography: {
    fontFamily: FONT_FAMILY,
    fontWeightRegular: 400,
    fontWeightMedium: 500,
    fontWeightBold: 600,
    h1: { fontWeight: 600 },
    h2: { fontWeight: 600 },
    h3: { fontWeight: 600 },
    h4: { fontWeight: 600, fontSize: '1.75rem', letterSpacing: '-0.01em' },
    h5: { fontWeight: 600, fontSize: '1.35rem', letterSpacing: '-0.005em' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    subtitle1: { fontWeight: 500 },
    subtitle2: { fontWeight: 600 },
    button: { fontWeight: 500, textTransform: 'none', letterSpacing: 0 },
    overline: { fontWeight: 600, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10, paddingInline: 16 }, sizeLarge: { paddingBlock: 10 } },
    },
    MuiIconButton: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiMenu: { defaultProps: { slotProps: { paper: { elevation: 4 } } } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 10 } } },
  },
});
