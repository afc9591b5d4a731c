/**
 * The course editor's block editors (spec §1's block kinds): `BlockEditor` edits one block in one language,
 * `newBlock` makes an empty one, `isBlockReady`/`blockIssues` say whether the server would take it yet.
 * Imported by the lazy course editor only: none of it belongs in the entry chunk.
 */
export { BlockEditor, type BlockEditorProps } from './BlockEditor';
export { BlockSettings } from './BlockSettings';
export { blockTypeIcons } from './kinds';
export {
  type BlockIssue,
  blockIssues,
  hasTranslatableContent,
  type IssueMessage,
  isBlockReady,
  lacksTranslation,
  newBlock,
  titleIsLinkText,
} from './model';
export { parseYouTube } from './youtube';
