/** A menu entry whose `url` opens inside the console (internalOrExternal false). */
export function IframeScreen({ url, title }: { url: string; title: string }) {
  return (
    <iframe
      src={url}
      title={title}
      data-testid="iframe-screen"
      style={{ width: '100%', height: 'calc(100vh - 180px)', border: 'none', background: '#fff' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}
