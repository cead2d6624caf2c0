import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScreenClass } from './hub-layout';

/** The screen class (small below `sm`, large from `lg`), right from the first render. */
export function useScreenClass(): ScreenClass {
  const isLarge = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (isLarge) return 'large';
  return isSmall ? 'small' : 'medium';
}
