import { createTheme } from '@mui/material/styles';

// System fonts only: nothing is loaded from another site.
export const theme = createTheme({
  palette: {
    primary: { main: '#6a1b9a' },
    secondary: { main: '#00796b' },
    // Darker than MUI's defaults so white text on filled notices passes WCAG AA (4.5:1).
    info: { main: '#0b5ea8' },
    warning: { main: '#a84a00' },
    background: { default: '#f6f4fa' },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  shape: { borderRadius: 10 },
  components: {
    // The sticky header (60 px on phones, 68 from 600 px) never hides the focused control (WCAG 2.4.11).
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 76 } } },
    // A clear keyboard focus ring, not only the faint ripple (WCAG 2.4.11 and 2.4.13): 3 px, outside
    // the control, in its text or icon colour, which already contrasts with the surface it sits on;
    // a filled button's text is light, so its ring takes the fill colour (docs/decisions/0591).
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: ({ ownerState, theme }) => ({
          textTransform: 'none',
          fontWeight: 600,
          '&.Mui-focusVisible': {
            outline: '3px solid',
            outlineColor:
              ownerState.variant === 'contained' && ownerState.color && ownerState.color !== 'inherit' ? theme.palette[ownerState.color].main : 'currentColor',
            outlineOffset: 2,
          },
        }),
      },
    },
    MuiIconButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid currentColor', outlineOffset: 2 } } } },
  },
});

/** The words MUI's own controls say (the list button of every picker), in the user's language ("Open" in Spanish). */
export function localizedTheme(words: { open: string; close: string; clear: string; loading: string; noOptions: string }) {
  return createTheme(theme, {
    components: {
      MuiAutocomplete: {
        defaultProps: { openText: words.open, closeText: words.close, clearText: words.clear, loadingText: words.loading, noOptionsText: words.noOptions },
      },
    },
  });
}
