import type { Meta, StoryObj } from "@storybook/react-vite";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { ConfigCard } from "./config-card.js";

// A fixed config (not a real key): stable screenshots.
const CONFIG = [
  "[Interface]",
  "PrivateKey = WEVYeDhaeTUzM3ZQY2dOaVZ6bTZmRmJXdmdXa3dCOEk=",
  "Address = 10.64.0.7/32, fd00:7665:696c::7/128",
  "DNS = 10.64.0.1, fd00:7665:696c::1",
  "",
  "[Peer]",
  "PublicKey = ZGVtby1ub2RlLXB1YmxpYy1rZXktZm9yLXN0b3JpZXM=",
  "AllowedIPs = 0.0.0.0/0, ::/0",
  "Endpoint = demo.veil.test:51820",
  "",
].join("\n");

const EN = {
  title: "Config for Happy Seagull",
  config: CONFIG,
  fileName: "veil-happy-seagull.conf",
  description: "Your private key was made in this browser and never left it. This config cannot be shown again.",
  downloadLabel: "Download config",
  copyLabel: "Copy config",
  copiedLabel: "Copied",
  copyFailedLabel: "Could not copy: select the text and copy it",
  qrLabel: "QR code of the WireGuard config for Happy Seagull",
  qrCaption: "Scan with the WireGuard app on another device",
  textLabel: "Config as text",
};

const RU = {
  ...EN,
  title: "Конфигурация для устройства «Весёлая чайка»",
  description:
    "Закрытый ключ создан в этом браузере и никуда не отправлялся. Эту конфигурацию нельзя будет показать ещё раз.",
  downloadLabel: "Скачать конфигурацию",
  copyLabel: "Скопировать конфигурацию",
  copiedLabel: "Скопировано",
  copyFailedLabel: "Не удалось скопировать: выделите текст и скопируйте его",
  qrLabel: "QR-код конфигурации WireGuard для устройства «Весёлая чайка»",
  qrCaption: "Отсканируйте в приложении WireGuard на другом устройстве",
  textLabel: "Конфигурация текстом",
};

const meta = {
  title: "Components/ConfigCard",
  component: ConfigCard,
  tags: ["autodocs"],
  args: EN,
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConfigCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Highlight: Story = { args: { tone: "highlight" } };

export const Russian: Story = { args: { ...RU, lang: "ru" } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Default" className="block">
        <ConfigCard {...EN} />
      </MatrixRow>
      <MatrixRow title="Highlight, Russian" className="block">
        <ConfigCard {...RU} tone="highlight" lang="ru" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
