import { Notifications } from '@mantine/notifications';

export default function NotificationsLayer() {
  return <Notifications limit={5} autoClose={3000} position="top-center" />;
}
