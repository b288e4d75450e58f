export {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  type CardProps,
  CardTitle,
  type CardTitleProps,
  cardVariants,
} from "./card.js";
