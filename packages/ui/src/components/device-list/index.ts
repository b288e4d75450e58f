export {
  DeviceList,
  type DeviceListDetail,
  DeviceListItem,
  type DeviceListItemProps,
  type DeviceListProps,
  deviceListVariants,
} from "./device-list.js";
