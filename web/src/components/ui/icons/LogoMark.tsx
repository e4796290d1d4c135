export function LogoMark({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'var(--color-primary)'} />
      <path
        d="M9 21.5c1.6 1.4 3.9 2.2 6.5 2.2 3.8 0 6.3-1.9 6.3-4.7 0-2.6-1.9-3.8-5.6-4.6-2.7-.6-3.6-1.1-3.6-2.1 0-1 1-1.7 2.7-1.7 1.6 0 3 .5 4.3 1.5l1.8-2.6c-1.6-1.3-3.6-2-6-2-3.6 0-6.1 2-6.1 4.8 0 2.8 2 3.9 5.7 4.7 2.6.6 3.5 1.1 3.5 2.1 0 1.1-1.1 1.8-2.9 1.8-2 0-3.7-.7-5.1-1.9z"
        fill={inverted ? 'var(--color-primary)' : '#fff'}
      />
    </svg>
  );
}
