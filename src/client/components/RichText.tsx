import richText from './richText.module.css';
import { useInternalLinks } from './useInternalLinks';

/** Rich text of a block, sanitized by the server, shown as the content area shows page texts. */
export function RichText({ html }: { html: string }) {
  const linkRef = useInternalLinks();
  if (!html.trim()) return null;
  return (
    <div
      ref={linkRef}
      className={`rich-text ${richText.content}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: block texts are sanitized by the server when saved
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
