import {
  IconBarbell,
  IconBolt,
  IconFlame,
  IconHeartHandshake,
  IconMapPin,
  IconMoon,
  IconStar,
  IconThumbUp,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { AchievementKind } from '../model/achievements';

const ICONS: Record<AchievementKind, { icon: Icon; color: string }> = {
  workouts: { icon: IconBarbell, color: 'orange' },
  rest_days: { icon: IconMoon, color: 'teal' },
  streak: { icon: IconFlame, color: 'red' },
  level: { icon: IconStar, color: 'blue' },
  friends: { icon: IconUsers, color: 'grape' },
  flexes_given: { icon: IconThumbUp, color: 'pink' },
  check_ins: { icon: IconMapPin, color: 'cyan' },
  daily_challenges: { icon: IconBolt, color: 'yellow' },
  joins: { icon: IconHeartHandshake, color: 'indigo' },
};

export const achievementLook = (kind: AchievementKind) => ICONS[kind];
