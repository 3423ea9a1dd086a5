/** A page on its way (no antd: it shows before antd has loaded). */
export function PageLoading({ tip }: { tip?: string }) {
  return (
    <div className="sb-page-loading" data-testid="page-loading" aria-busy="true">
      <span className="sb-spinner sb-spinner-large" aria-hidden="true" />
      {tip ? <span>{tip}</span> : null}
    </div>
  );
}
