import { PRIMARY_COLOR } from '@switchboard/contracts';

/** Placeholder platform logo until branding per domain exists. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill={PRIMARY_COLOR} />
      <path d="M8 11h16M8 16h10M8 21h13" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
