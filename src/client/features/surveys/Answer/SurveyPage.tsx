import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { SurveyView } from './SurveyView';

/** /survey/:survey_id (signed in): a survey to answer, under the page's heading. */
export default function SurveyPage() {
  const id = Number(useParams().survey_id) || 0;
  return (
    <Container size="md" py="xl">
      <SurveyView id={id} heading={(title, intro) => <PageHeading title={title} intro={intro} />} />
    </Container>
  );
}
