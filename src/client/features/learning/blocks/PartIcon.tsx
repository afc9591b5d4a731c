import { ThemeIcon } from '@mantine/core';
import {
  IconBook,
  IconChecklist,
  IconDownload,
  IconFileText,
  IconFlag,
  IconGift,
  IconHome,
  IconPlayerPlay,
  type IconProps,
  IconQuestionMark,
  IconStar,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** The icons a part may name (its `Icon`, a Post block's `PostIcon`); an unknown name gets a page. */
const icons: Record<string, ComponentType<IconProps>> = {
  home: IconHome,
  book: IconBook,
  video: IconPlayerPlay,
  quiz: IconQuestionMark,
  test: IconChecklist,
  download: IconDownload,
  flag: IconFlag,
  star: IconStar,
  gift: IconGift,
};

export function PartIcon({ name, size = 18 }: { name: string | null; size?: number }) {
  const Icon = (name && icons[name]) || IconFileText;
  return <Icon size={size} aria-hidden />;
}

/** A part's icon on a tile, beside its name as a heading or a link (a part's page, a free lesson, a Post block). */
export function PartIconTile({ name, size = 22 }: { name: string | null; size?: number }) {
  return (
    <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
      <PartIcon name={name} size={size} />
    </ThemeIcon>
  );
}
