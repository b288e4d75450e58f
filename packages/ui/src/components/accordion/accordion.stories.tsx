import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./accordion.js";

const FAQ = [
  {
    id: "q1",
    question: "Which devices does Veil support?",
    answer: "Veil runs on Android for now. Apps for iOS, Windows and macOS are on the way.",
  },
  {
    id: "q2",
    question: "How much does a subscription cost?",
    answer: "1 week is $2, 1 month $5, 6 months $25 and 1 year $45. The subscription renews automatically.",
  },
  {
    id: "q3",
    question: "How do I pay?",
    answer: "With cryptocurrency: USDT, USDC, DAI and more. Card payments are coming soon.",
  },
  {
    id: "q4",
    question: "How fast does support reply?",
    answer: "Within 24 hours, in English or Russian.",
  },
];

/** The same four entries in Russian: long words, and names no other accordion on the page repeats. */
const FAQ_RU = [
  {
    id: "q1",
    question: "Какие устройства поддерживает Veil?",
    answer: "Пока Veil работает на Android. Приложения для iOS, Windows и macOS уже в разработке.",
  },
  {
    id: "q2",
    question: "Сколько стоит подписка?",
    answer: "1 неделя — $2, 1 месяц — $5, 6 месяцев — $25, 1 год — $45. Подписка продлевается автоматически.",
  },
  { id: "q3", question: "Как оплатить?", answer: "Криптовалютой: USDT, USDC, DAI и другими. Оплата картой скоро." },
  { id: "q4", question: "Как быстро отвечает поддержка?", answer: "В течение 24 часов, на русском или английском." },
];

/** Account questions, for the third accordion of the matrix. */
const FAQ_ACCOUNT = [
  { id: "q1", question: "Can I change my e-mail address?", answer: "Not yet: write to support and we will move it." },
  { id: "q2", question: "Can I pause my subscription?", answer: "No, but unused days stay when you renew early." },
  { id: "q3", question: "Where is my receipt?", answer: "Each payment is mailed and listed under Payments." },
  { id: "q4", question: "How do I delete my account?", answer: "Under Delete account, with your password." },
];

/**
 * A closed answer stays in the page (`hidden="until-found"`) as a region named by its question, so
 * each accordion of one page needs questions of its own: the matrix uses three sets.
 */
function FaqItems({ entries = FAQ }: { entries?: typeof FAQ }) {
  return entries.map((entry) => (
    <AccordionItem key={entry.id} value={entry.id}>
      <AccordionTrigger>{entry.question}</AccordionTrigger>
      <AccordionContent>{entry.answer}</AccordionContent>
    </AccordionItem>
  ));
}

const meta = {
  title: "Components/Accordion",
  component: Accordion,
  tags: ["autodocs"],
  args: { headingLevel: 3, multiple: true, variant: "card" },
  argTypes: {
    variant: { control: "inline-radio", options: ["card", "plain"] },
    headingLevel: { control: "select", options: [2, 3, 4, 5, 6] },
  },
  render: (args) => (
    <div className="max-w-2xl">
      <Accordion {...args}>
        <FaqItems />
      </Accordion>
    </div>
  ),
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const OneOpen: Story = { args: { defaultValue: ["q2"] } };

export const SingleExpansion: Story = { args: { multiple: false, defaultValue: ["q1"] } };

export const Plain: Story = { args: { variant: "plain", defaultValue: ["q3"] } };

/** Press to open, press again to close; the button says whether its answer is shown. */
export const Toggling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "How do I pay?" });
    await userEvent.click(button);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByRole("region", { name: "How do I pay?" })).toBeVisible();
    await userEvent.keyboard("{Enter}");
    await expect(button).toHaveAttribute("aria-expanded", "false");
  },
};

export const Matrix: Story = {
  render: () => (
    <MatrixGrid className="max-w-2xl">
      <MatrixRow title="Card, one item open" className="block">
        <Accordion defaultValue={["q2"]}>
          <FaqItems />
        </Accordion>
      </MatrixRow>
      <MatrixRow title="Card, all closed (Russian)" className="block">
        <Accordion>
          <FaqItems entries={FAQ_RU} />
        </Accordion>
      </MatrixRow>
      <MatrixRow title="Plain, last item open" className="block">
        <Accordion variant="plain" defaultValue={["q4"]}>
          <FaqItems entries={FAQ_ACCOUNT} />
        </Accordion>
      </MatrixRow>
    </MatrixGrid>
  ),
  // Shows the focus ring in the screenshots: keyboard focus lands on the first control.
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("button", { name: "Which devices does Veil support?" })).toHaveFocus();
  },
};
