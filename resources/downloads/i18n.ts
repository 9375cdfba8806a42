/** The downloads area's messages (resources.downloads.*). */
export const i18n = {
  name: 'Downloads',
  menu: 'Downloads',
  fields: {
    app: 'App',
    totalDownloads: 'Total',
    iosDownloads: 'iOS',
    androidDownloads: 'Android',
    device_id: 'Device ID',
    uid: 'User',
    updated_at: 'Last seen',
    os: 'OS',
    manufacturer: 'Manufacturer',
    brand: 'Brand',
    model: 'Model',
    carrier: 'Carrier',
    device_country: 'Country',
    timezone: 'Time zone',
    version: 'Version',
    build_number: 'Build',
    api_level: 'API level',
  },
};
