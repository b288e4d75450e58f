import type { Meta, StoryObj } from "@storybook/react-vite";
import { Laptop, Smartphone } from "lucide-react";
import { MatrixGrid, MatrixRow } from "../../storybook/matrix.js";
import { Button } from "../button/button.js";
import { StatusBadge } from "../status-badge/status-badge.js";
import { DeviceList, DeviceListItem } from "./device-list.js";

function Actions({ name }: { name: string }) {
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Rename ${name}`}>
        Rename
      </Button>
      <Button variant="outline" size="sm" aria-label={`New key for ${name}`}>
        New key
      </Button>
      <Button variant="danger" size="sm" aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </>
  );
}

function English() {
  return (
    <DeviceList label="Your devices">
      <DeviceListItem
        icon={<Laptop />}
        name="Happy Seagull"
        badge={<StatusBadge status="active">Connected recently</StatusBadge>}
        details={[
          { term: "Addresses", value: "10.64.0.7/32, fd00:7665:696c::7/128" },
          { term: "Added", value: "26 Nov 2026" },
          { term: "Last connected", value: "26 Nov 2026, 10:42" },
        ]}
        actions={<Actions name="Happy Seagull" />}
      />
      <DeviceListItem
        icon={<Smartphone />}
        name="A very long device name that someone typed on their phone without stopping at all"
        details={[
          { term: "Addresses", value: "10.64.255.254/32, fd00:7665:696c:0:ffff:ffff:ffff:fffe/128" },
          { term: "Added", value: "1 Jan 2026" },
          { term: "Last connected", value: "Never" },
        ]}
        actions={<Actions name="A very long device name" />}
      />
    </DeviceList>
  );
}

function Russian() {
  return (
    <div lang="ru">
      <DeviceList label="Ваши устройства" variant="cards">
        <DeviceListItem
          icon={<Laptop />}
          name="Весёлая чайка"
          details={[
            { term: "Адреса", value: "10.64.0.7/32, fd00:7665:696c::7/128" },
            { term: "Добавлено", value: "26 нояб. 2026 г." },
            { term: "Последнее подключение", value: "Ещё не подключалось" },
          ]}
          actions={
            <>
              <Button variant="outline" size="sm">
                Переименовать
              </Button>
              <Button variant="outline" size="sm">
                Новый ключ
              </Button>
              <Button variant="danger" size="sm">
                Удалить
              </Button>
            </>
          }
        />
      </DeviceList>
    </div>
  );
}

const meta = {
  title: "Components/DeviceList",
  component: DeviceList,
  tags: ["autodocs"],
  args: { label: "Your devices" },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DeviceList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = { render: () => <English /> };

export const Cards: Story = { render: () => <Russian /> };

export const Loading: Story = { args: { loading: true, loadingLabel: "Loading devices" } };

export const Matrix: Story = {
  render: () => (
    <MatrixGrid>
      <MatrixRow title="Plain" className="block">
        <English />
      </MatrixRow>
      <MatrixRow title="Cards, Russian" className="block">
        <Russian />
      </MatrixRow>
      <MatrixRow title="Loading" className="block">
        <DeviceList label="Your devices" loading loadingLabel="Loading devices" />
      </MatrixRow>
    </MatrixGrid>
  ),
};
