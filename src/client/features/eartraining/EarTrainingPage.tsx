import { useParams } from 'react-router';
import { ExercisePage } from './Exercise/ExercisePage';
import { EarTrainingHubPage } from './Hub/EarTrainingHubPage';

/**
 * /EarTraining and /EarTraining/:subpage in one chunk, loaded only when one of them opens: the hub, or the exercise
 * the subpage names. One entry in the route table keeps the first page's JavaScript within its budget.
 */
export default function EarTrainingPage() {
  const { subpage } = useParams();
  return subpage === undefined ? <EarTrainingHubPage /> : <ExercisePage />;
}
