import {
  type Icon,
  IconAlignLeft,
  IconBrandYoutube,
  IconCertificate,
  IconChecklist,
  IconClipboardList,
  IconColumns,
  IconEar,
  IconExternalLink,
  IconFile,
  IconGift,
  IconHeadphones,
  IconLink,
  IconListCheck,
  IconMessageQuestion,
  IconMovie,
  IconPhoto,
  IconWriting,
} from '@tabler/icons-react';
import type { BlockType } from '../../../../shared/domain/learning/course';

/**
 * The icon of each block kind, for the editor's "add block" menu and block headers; its name is
 * `blockEditor:types.<type>` and a line about it `blockEditor:typeHints.<type>`.
 */
export const blockTypeIcons: Record<BlockType, Icon> = {
  Text: IconAlignLeft,
  Image: IconPhoto,
  Video: IconMovie,
  Audio: IconHeadphones,
  File: IconFile,
  YouTube: IconBrandYoutube,
  Column: IconColumns,
  Link: IconExternalLink,
  Quiz: IconListCheck,
  Post: IconLink,
  Test: IconChecklist,
  Exam: IconWriting,
  FinalExam: IconCertificate,
  Reward: IconGift,
  Question: IconMessageQuestion,
  EarTraining: IconEar,
  Survey: IconClipboardList,
};
