/** The Loupe wordmark: a lens and its handle. */
export function Logo() {
  return (
    <svg width="108" height="28" viewBox="0 0 108 28" role="img" aria-label="Loupe">
      <circle cx="12" cy="12" r="8" fill="none" stroke="#1c7ed6" strokeWidth="3.5" />
      <path d="M18 18l7 7" stroke="#1c7ed6" strokeWidth="3.5" strokeLinecap="round" />
      <text x="32" y="20" fontFamily="system-ui, sans-serif" fontSize="19" fontWeight="700" fill="#1a1b1e">
        Loupe
      </text>
    </svg>
  );
}
