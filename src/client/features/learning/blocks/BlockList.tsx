import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Block } from '../../../../shared/contract/learning/courseShapes';
import classes from './blocks.module.css';
import { EarTrainingBlock } from './EarTrainingBlock';
import { ExamBlock } from './ExamBlock';
import { AudioBlock, FileBlock, ImageBlock, VideoBlock } from './MediaBlocks';
import { PostBlock } from './PostBlock';
import { QuestionsBlock } from './QuestionsBlock';
import { ColumnBlock, LinkBlock, RewardBlock, TextBlock } from './SimpleBlocks';
import { SurveyBlock } from './SurveyBlock';
import { YouTubeBlock } from './YouTubeBlock';

/** The renderer of each block kind; the compiler refuses a kind without one. */
function renderBlock(block: Block): ReactNode {
  switch (block.BlockType) {
    case 'Text':
      return <TextBlock block={block} />;
    case 'Image':
      return <ImageBlock block={block} />;
    case 'Video':
      return <VideoBlock block={block} />;
    case 'Audio':
      return <AudioBlock block={block} />;
    case 'File':
      return <FileBlock block={block} />;
    case 'YouTube':
      return <YouTubeBlock block={block} />;
    case 'Column':
      return <ColumnBlock block={block} />;
    case 'Link':
      return <LinkBlock block={block} />;
    case 'Quiz':
    case 'Test':
      return <QuestionsBlock block={block} />;
    case 'Exam':
    case 'FinalExam':
    case 'Question':
      return <ExamBlock block={block} />;
    case 'Reward':
      return <RewardBlock block={block} />;
    case 'Post':
      return <PostBlock block={block} />;
    case 'EarTraining':
      return <EarTrainingBlock block={block} />;
    case 'Survey':
      return <SurveyBlock block={block} />;
    default: {
      const unknown: never = block;
      return unknown;
    }
  }
}

/** Block kinds whose title is their own link text, not a heading above them. */
const titledInside = new Set<Block['BlockType']>(['Link', 'Post']);

/** A part's blocks in order, each under its title. Needs a `BlockHostProvider` around it. */
export function BlockList({ blocks, headingLevel = 2 }: { blocks: readonly Block[]; headingLevel?: 2 | 3 }) {
  return (
    <Stack gap="xl">
      {blocks.map((block) => (
        <section key={block.Id} data-block-type={block.BlockType} data-block-id={block.Id}>
          {block.Title && !titledInside.has(block.BlockType) && (
            <Title order={headingLevel} size="h3" className={classes.blockTitle}>
              {block.Title}
            </Title>
          )}
          {renderBlock(block)}
        </section>
      ))}
    </Stack>
  );
}
