import { tasks } from '../../../../shared/contract/coaching/tasks';
import { callerNamed, handlers } from '../../../platform/handlers';
import { presentOwner, presentTask } from '../presenters/task';
import { createTask, findTask, listTaskOwners, listTasks, updateTask } from '../services/tasks';

export const tasksHandlers = handlers(tasks, {
  async get_tasks(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const list = await listTasks(ctx.db, {
      siteId: ctx.site.id,
      user,
      condition: data.Condition,
      trash: data.isTrash,
      courseId: data.CourseId ?? null,
    });
    return { status: 'OK', data: list.map(presentTask) };
  },
  async get_task_owners(ctx) {
    const owners = await listTaskOwners(ctx.db, ctx.site.id);
    return { status: 'OK', data: owners.map(presentOwner) };
  },
  async get_task(ctx, data) {
    return { status: 'OK', data: presentTask(await findTask(ctx.db, { siteId: ctx.site.id, taskId: data.Id })) };
  },
  async create_task(ctx, data) {
    const id = await createTask(ctx.db, { siteId: ctx.site.id, task: data.Task });
    return { status: 'OK', createTask: { data: { Id: id } } };
  },
  async update_task(ctx, data) {
    // UserRealName and CourseName come from the spec's client and are not stored: the task names them itself.
    const user = callerNamed(ctx, data.UserId);
    const task = await updateTask(ctx.db, {
      siteId: ctx.site.id,
      user,
      taskId: data.Task.Id,
      changes: { ...data.Task, EventStartDate: data.EventStartDate },
    });
    return { status: 'OK', data: presentTask(task) };
  },
});
