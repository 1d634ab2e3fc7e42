import type { Theme } from '../use-theme.js';

interface ThemeSwitchProps {
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
}

/** A toggle button: its name stays "Dark theme" and `aria-pressed` tells whether it is on. */
export function ThemeSwitch({ theme, onThemeChange }: ThemeSwitchProps) {
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="nw-theme-switch"
      aria-pressed={dark}
      onClick={() => onThemeChange(dark ? 'light' : 'dark')}
    >
      <span className="nw-theme-switch__track" aria-hidden="true">
        <span className="nw-theme-switch__thumb" />
      </span>
      Dark theme
    </button>
  );
}
